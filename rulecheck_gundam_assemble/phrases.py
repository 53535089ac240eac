"""Gundam Assemble's step phrases: the wording of each of its steps, in one place.

The step definitions (``rulecheck_gundam_assemble/steps/``) are built from these phrases, the Gherkin
writer of ``rulecheck explore`` writes with them (``gundam_assemble_gherkin``) and ``rulecheck check
--vacuous`` turns a Then-step into its ``opposite`` (see ``rulecheck.phrases``). A piece's name is
quoted in a sentence (``'"Zaku" takes 2 hits'``); the steps take it with its quotes or without.
"""

from __future__ import annotations

from rulecheck.phrases import CommonPhrases, given, then, when


class GundamAssemblePhrases(CommonPhrases):
    board_map = given("the board:")
    pieces_table = given("the pieces:")
    hexes_table = given("the hexes:")
    terrain_kinds_table = given("the terrain kinds:")
    scenario_file = given('the scenario "{name}"')
    raise_hex = given("the hex {hex_text} is raised to elevation {elevation:d}")
    check_los = when(
        "{actor} checks Line of Sight to {target}{how}",
        regex="(?P<actor>.+?) checks Line of Sight to (?P<target>.+?)(?P<how>| for an area of effect attack| with a weapon that ignores Line of Sight)$",
    )
    los_clear = then("Line of Sight is clear")
    los_blocked = then("Line of Sight is blocked", opposite=los_clear)
    los_not_required = then("Line of Sight is not required")
    los_required = then("Line of Sight is required", opposite=los_not_required)
    blocked_under = then("the line is blocked under {clause}")
    hex_blocks = then("{hex_text} blocks the line under {clause}")
    hex_blocks_as = then("{hex_text} blocks the line as {kind}")
    hex_blocks_as_under = then(
        "at {hex_text} the {kind} blocks under {clause}",
        regex=r"at (?P<hex_text>\[[^\]]+\]) the (?P<kind>\w+) blocks under (?P<clause>\S+)$",
    )
    piece_blocks = then('"{name}" blocks the line', regex='"(?P<name>[^"]+)" blocks the line$')
    los_trace_says = then("the Line of Sight trace says {text}")
    nothing_blocks = then("nothing blocks the line")
    something_blocks = then("something blocks the line", opposite=nothing_blocks)
    passes_through = then("the line passes through {hexes}")
    runs_between = then("the line runs exactly between {left} and {right}")
    touches_corner = then("the line touches {hex_text} only at a corner")
    choice_count = then("the acting player has {count:d} choice points")
    choice_one_side = then("at the choice between {left} and {right} only {blocking} blocks")
    choice_both = then("at the choice between {left} and {right} both hexes block")
    trace_cites = then("the trace cites {clause}")
    trace_interpretation = then("the trace names the interpretation {name}")
    check_reach_step = when(
        "{actor} checks whether {target} is within {kind}{reach}{how}",
        regex=r"(?P<actor>.+?) checks whether (?P<target>.+?) is within (?P<kind>range |)(?P<reach>\d+)(?: hexes)?(?P<how>| with a weapon that ignores Line of Sight)$",
    )
    can_affect = then("{target} can be affected")
    cannot_affect = then("{target} cannot be affected", opposite=can_affect)
    reach_cites = then("the reach check cites {clause}")
    unit_states = given("the unit states:")
    will_respond = given(
        '{who} will use "{name}"[ on {target}][ {window}][ moving it to {to}][ rerolling {dice}]',
        regex=r'(?P<who>.+?) will use "(?P<name>[^"]+)"(?: on (?P<target>.+?))?(?: (?P<window>before the attack|before attack roll|after attack roll|after combat damage))?(?: moving it to (?P<to>\[.+\]))?(?: rerolling (?P<dice>\d+(?:, \d+)*))?$',
    )
    later_dice = given("the {purpose} dice will show {faces}")
    response_choice = given(
        '"{name}" chooses {key} "{value}"',
        regex=r'"(?P<name>[^"]+)" chooses (?P<key>\w+) "(?P<value>[^"]+)"$',
    )
    activation_over = when("the activation ends")
    turn_over = when("the turn ends")
    crit_choice = given("the attacking player chooses {name} for the critical hit effect")
    crit_move = given("the critical hit effect will move {name} to {hexes}")
    made_by_card = given(
        'the attack is made by player {side}\'s "{name}"',
        regex=r'the attack is made by player (?P<side>\S+)\'s "(?P<name>[^"]+)"$',
    )
    defeat_order = given("the defending player orders the defeated units {names}")
    defeat_prevented_by = given(
        'the owner of {name} keeps it from defeat with "{ability}"',
        regex=r'the owner of (?P<name>.+?) keeps it from defeat with "(?P<ability>[^"]+)"$',
    )
    attack_target = when(
        "{attacker} attacks {target} with {weapon} and rolls {faces}",
        regex=r"(?P<attacker>.+?) attacks (?P<target>.+?) with (?P<weapon>.+?) and rolls (?P<faces>[\d, and]+)$",
    )
    second_attack = when(
        "{attacker} makes a second attack on {target} with {weapon} and rolls {faces}",
        regex=r"(?P<attacker>.+?) makes a second attack on (?P<target>.+?) with (?P<weapon>.+?) and rolls (?P<faces>[\d, and]+)$",
    )
    attack_target_no_dice = when(
        "{attacker} attacks {target} with {weapon}",
        regex="(?P<attacker>.+?) attacks (?P<target>.+?) with (?P<weapon>(?:(?! and rolls ).)+)$",
    )
    attack_area = when(
        "{attacker} fires {weapon} at the area {area}[ and rolls {faces}]",
        regex=r"(?P<attacker>.+?) fires (?P<weapon>.+?) at the area (?P<area>\[.+\])(?: and rolls (?P<faces>[\d, and]+|nothing))?$",
    )
    scenario_attack = when("the attack in the scenario file is resolved")
    scenario_attacks = when("the attacks in the scenario file are resolved one after another")
    attack_allowed = then("the attack is allowed")
    attack_not_allowed = then("the attack is not allowed", opposite=attack_allowed)
    attack_refused = then("the attack is not allowed under {clause}", opposite=attack_allowed)
    dice_rolled = then("the attack rolls {count:d} dice")
    final_dice = then("the dice are {faces}")
    targets_are = then("the targets are {names}")
    not_a_target = then("{name} is not a target")
    is_a_target = then("{name} is a target", opposite=not_a_target)
    accuracy_is = then("the Accuracy against {name} is {value:d}")
    hits_are = then("{name} takes {count:d} hits")
    hit_is = then("{name} takes {count:d} hit")
    damage_is = then("{name} takes {count:d} damage")
    prevented = then("Shields prevent {count:d} damage to {name}")
    hp_is = then("{name} has {count:d} hit points")
    shields_are = then("{name} has {count:d} active Shields")
    deactivated_are = then("{name} has {count:d} deactivated Shields")
    is_defeated = then("{name} is defeated")
    not_defeated = then("{name} is not defeated", opposite=is_defeated)
    in_reserve = then("{name} is in Reserve and must be redeployed")
    vp_are = then("player {side} has {count:d} victory points")
    timeline_is = then("{name}'s Timeline token is on space {space:d}")
    has_status = then("{name} has the status {status}")
    lacks_status = then("{name} does not have the status {status}", opposite=has_status)
    keeps = then("{name} keeps {energy:d} Energy and the Upgrades {upgrades}")
    crit_once = then("the critical hit effect triggers once")
    crit_never = then("the critical hit effect does not trigger", opposite=crit_once)
    crit_times = then("the critical hit effect triggers {times:d} times", opposite=crit_never)
    activation_goes_on = then("the activation does not end")
    activation_ends = then("the activation ends", opposite=activation_goes_on)
    ends_early = then("the attack ends early")
    runs_to_end = then("the attack runs to its end", opposite=ends_early)
    cannot_use = then('{who} cannot use "{name}"')
    can_use = then('{who} can use "{name}"', opposite=cannot_use)
    ruling_cites = then("the ruling cites {clause}")
    ruling_interpretation = then("the ruling names the interpretation {name}")
    ruling_interpretations_exactly = then("the ruling names exactly the interpretations {names}")
    ruling_interpretation_option = then("the ruling reads the interpretation {name} as {option}")
    stage_order = then("the attack resolves in the order:")
    resolves_before = then('"{first}" resolves before "{second}"')
    resolving_fails = then("resolving fails because {message}")
    resolving_does_not_fail = then("resolving does not fail because {message}", opposite=resolving_fails)
    placement_count = then("{weapon} of {unit} has {count:d} legal placements")
    area_diagram = given("an area weapon whose diagram covers {hexes}")
    diagram_refused = then("the diagram is refused: {message}")
    diagram_placements = then("the diagram can be placed {count:d} ways around the attacker")
    penalty_order = then("the penalties apply in the order {names}")
    upgrade_count = then("{name} has {count:d} {kind} Upgrades")
    energy_is = then("{name} has {count:d} Energy")
    garrison_damage = then("the Garrison {name} has taken {count:d} damage")
    no_nested = then("no attack is made back")
    attacks_back = then("{attacker} attacks {target} back with {weapon}", opposite=no_nested)
    some_nested = then("an attack is made back", opposite=no_nested)
    trace_does_not_say = then("the trace does not say {text}")
    trace_says = then("the trace says {text}", opposite=trace_does_not_say)
    stands_at = then("{name} now stands at {hex_text}")

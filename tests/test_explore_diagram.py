"""An explored witness is drawn whatever its attack names: a generated attack may name a target the
board does not hold (the engine refuses it, and the witness may still show a difference through
a later attack), and drawing its picture must not stop explore with an internal error."""

from rulecheck.ruleset_api import ruleset


def _position(target: str) -> dict:
    return {
        "width": 2,
        "height": 3,
        "cells": [[0, False]] * 6,
        "pieces": [
            {"name": "PK-5 Kite", "side": "A", "kind": "unit", "col": 0, "row": 2, "status": []},
            {"name": "Cara's Strider", "side": "B", "kind": "unit", "col": 1, "row": 2, "status": []},
        ],
        "attack": {"attacker": "PK-5 Kite", "weapon": "Beam Spray Gun", "target": target, "responses": []},
    }


def test_a_witness_whose_attack_names_a_piece_off_the_board_is_drawn_without_a_sightline():
    game = ruleset("gundam_assemble")
    svg = game.explore.diagram(_position("MT-05B Lash"), game.rulebook(), "witness")
    assert svg.startswith("<svg") and "PK-5 Kite" in svg


def test_a_witness_whose_attack_names_two_pieces_on_the_board_is_drawn_with_its_sightline():
    game = ruleset("gundam_assemble")
    with_line = game.explore.diagram(_position("Cara's Strider"), game.rulebook(), "witness")
    without = game.explore.diagram(_position("MT-05B Lash"), game.rulebook(), "witness")
    assert with_line != without

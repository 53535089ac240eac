"""`rulecheck explore`: search for positions where two rule versions rule differently.

* ``versions``: what a side is (the book, an overlay, one ``NAME=OPTION`` change, a git revision);
* ``evaluate``: runs a ruleset's evaluator (``module:function``) on positions: dice pools, the
  version's rulebook, what the run read; imports no game, so ``--rev`` runs it as a script in
  another revision's checkout, whose own evaluator then rules;
* ``strategies``: what every game's generators share (weighted choices a search learns); each
  ruleset's strategies are its own module (``rulecheck.rulesets.<ruleset>_strategies``);
* ``search``: hypothesis finds and shrinks witnesses, grouped by the first diverging event;
* ``gherkin_writer``: each witness as a scenario in the corpus's style, plus its diagram;
* ``coverage``: every named interpretation option and bundled overlay against the book.
"""

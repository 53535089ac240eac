"""`rulecheck explore`: search for positions where two rule versions rule differently.

* ``versions``: what a side is (the book, an overlay, one ``NAME=OPTION`` change, a git revision);
* ``evaluate``: one position through the engine, as plain JSON (imports only ``rules``, so it also
  runs against an older engine checked out in a temporary worktree);
* ``strategies``: the hypothesis strategies that generate positions;
* ``search``: hypothesis finds and shrinks witnesses, grouped by the first diverging event;
* ``gherkin_writer``: each witness as a scenario in the corpus's style, plus its diagram;
* ``coverage``: every named interpretation option and bundled overlay against the book.
"""

# args: check --root proj
# expect: features/multibase/feature_empty_file.feature:1: no 'Feature:' line
# setup: feature-root multibase

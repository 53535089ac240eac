"""Gundam Assemble board and Line of Sight steps."""

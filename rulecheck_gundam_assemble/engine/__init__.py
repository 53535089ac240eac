"""Gundam Assemble, chapter "Attacking", as code."""

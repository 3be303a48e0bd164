"""Reflex states: thin, they hold what a page shows and call services."""

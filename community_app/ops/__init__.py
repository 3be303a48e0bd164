"""Operator commands: ``python -m community_app.ops.cli`` (organizer accounts, scheduled work,
maintenance mode, backup and restore; the Makefile wraps them)."""

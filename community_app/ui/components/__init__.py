"""Small reusable pieces of the interface."""

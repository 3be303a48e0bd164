"""The Reflex interface: components, the page frame, one module per route."""

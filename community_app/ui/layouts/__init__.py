"""The page frame shared by every route."""

"""`make bench`: benchmark scripts (not timed tests). See tests/bench/__main__.py."""

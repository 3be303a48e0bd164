"""App plumbing every layer uses: settings, the database session, Korea time, logs, metrics and the
site's addresses (routes). Imports nothing else of community_app."""

"""How the server workers serve: pages and assets over HTTP (``web``) and the workers' memory
(``process_memory``). Public Starlette/ASGI code; the reaches into Reflex live in ``reflex_ext``."""

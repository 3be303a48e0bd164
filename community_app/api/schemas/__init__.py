"""Pieces the API's Pydantic models share: the field rules of ``services.validation``
turned into validators, so a body is checked by the same rule, with the same translated
message, as the site's forms."""

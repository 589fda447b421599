"""mjref's knowledge base of rulings and its command line (``kb.cli``)."""

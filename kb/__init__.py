"""mjref's knowledge base of rulings: reading and checking them, building kb.db, lookup and audits."""

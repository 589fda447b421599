"""Strict YAML for the rulings: :mod:`scorer.strict_yaml`, which also reads the profiles."""

from scorer.strict_yaml import Document, Path, YamlError, parse, read

__all__ = ["Document", "Path", "YamlError", "parse", "read"]

"""The decree language: grammar, typed AST, parser, semantics (three back ends), English."""

import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path, monkeypatch):
    """Every test gets its own data directory, so none touches a real user's files."""
    monkeypatch.setenv("GLYPHHALL_DATA_DIR", str(tmp_path / "glyphhall-data"))

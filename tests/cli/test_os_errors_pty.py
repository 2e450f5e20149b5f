"""Problems of the machine are one clear line and exit code 2, never a traceback; the server
says where it is open only once it accepts connections."""

from __future__ import annotations

import re
import socket
import urllib.request

import pexpect
import pytest

from tests.ports import free_port

from .pty import shown, spawn


def _one_line_error(child: pexpect.spawn) -> str:
    child.expect(pexpect.EOF)
    child.close()
    text = shown(child).strip()
    assert child.exitstatus == 2, text
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    return text


@pytest.mark.parametrize("port", ["0", "70000"])
def test_a_port_out_of_range(port, tmp_path):
    text = _one_line_error(spawn("serve", "--port", port, data_dir=str(tmp_path)))
    assert f"--port {port} is out of range" in text


def test_a_port_in_use(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        text = _one_line_error(spawn("serve", "--port", str(port), data_dir=str(tmp_path)))
    assert f"port {port} on 127.0.0.1 is already in use" in text


def test_a_database_that_cannot_be_reached(tmp_path):
    url = f"postgresql://nobody:secret@127.0.0.1:{free_port()}/glyphhall"
    text = _one_line_error(spawn("serve", "--port", str(free_port()), "--db", url, data_dir=str(tmp_path)))
    assert "cannot reach the database" in text and "secret" not in text


@pytest.mark.parametrize("command", [["serve"], ["play", "inscription"]])
def test_a_data_directory_that_cannot_be_written(command, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    text = _one_line_error(spawn(*command, data_dir=str(blocker / "data")))
    assert f"cannot write {blocker / 'data'}" in text


def test_the_address_is_printed_once_the_server_listens(tmp_path):
    port = free_port()
    child = spawn("serve", "--port", str(port), data_dir=str(tmp_path), timeout=60)
    child.expect_exact(f"Glyph Hall is open at http://localhost:{port}/")
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:  # at once, no retry
        assert page.status == 200
    child.sendintr()
    child.expect(pexpect.EOF)
    assert shown(child).count("Glyph Hall is open") == 1


def test_an_arena_folder_that_cannot_be_made(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    child = spawn("arena", "inscription", "--bots", "random,random", "--games", "1", "--out", str(blocker / "runs"),
                  data_dir=str(tmp_path / "data"))
    assert f"cannot write {blocker / 'runs'}" in _one_line_error(child)


def test_each_arena_run_gets_its_own_folder_named_by_game_line_up_seed_and_time(tmp_path):
    folders = []
    for _ in range(2):
        child = spawn("arena", "inscription", "--bots", "random,heuristic", "--games", "1", "--seed", "4",
                      "--out", str(tmp_path / "runs"), data_dir=str(tmp_path / "data"), cols=300)
        child.expect(pexpect.EOF)
        folders.append(re.search(r"Results in (\S+)/ :", shown(child)).group(1))
    assert folders[0] != folders[1]
    for folder in folders:
        assert "inscription-random-vs-heuristic-seed4-" in folder
        assert (tmp_path / "runs" / folder.rsplit("/", 1)[1] / "chart.png").exists()

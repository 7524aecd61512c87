"""deploy/: the systemd units and the compose file run the Procfile's commands.

The Procfile is the one place the commands are written; these files copy them for
systemd and containers, each with its restart policy. Each copy is read back the way
its runner reads it ($$ and %% are systemd's and compose's escapes for $ and %).
"""

from __future__ import annotations

import configparser
import shlex
import shutil
import subprocess

import pytest
import yaml

from tools.production_set import ROOT, procfile

DEPLOY = ROOT / "deploy"
UNITS = {
    "web": "euchre-web.service",
    "worker": "euchre-worker.service",
    "beat": "euchre-beat.service",
}


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # systemd's keys are case-sensitive
    parser.read(DEPLOY / "systemd" / name)
    return parser


@pytest.mark.parametrize("process", sorted(UNITS))
def test_each_unit_runs_the_procfile_command_and_restarts_always(process):
    service = unit(UNITS[process])["Service"]

    words = shlex.split(service["ExecStart"].replace("$$", "$").replace("%%", "%"))

    assert words == ["/bin/sh", "-c", procfile()[process]]
    assert service["Restart"] == "always"


def test_every_procfile_process_has_a_unit_and_a_compose_service():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]

    assert set(procfile()) <= set(UNITS)
    assert set(procfile()) <= set(compose)


@pytest.mark.parametrize("process", ["web", "worker", "beat"])
def test_compose_runs_the_procfile_command_and_restarts_unless_stopped(process):
    service = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"][process]

    command = [word.replace("$$", "$") for word in service["command"]]

    assert command == ["/bin/sh", "-c", procfile()[process]]
    assert service["restart"] == "unless-stopped"


def test_compose_has_its_database_and_broker_and_binds_beyond_loopback():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]

    assert {"postgres", "redis"} <= set(compose)
    assert compose["postgres"]["restart"] == compose["redis"]["restart"] == "unless-stopped"
    # Inside a container 127.0.0.1 is the container's own: the port mapping needs this.
    assert compose["web"]["environment"]["GUNICORN_BIND"] == "0.0.0.0:8000"


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="needs systemd-analyze")
def test_systemd_accepts_the_units():
    units = [str(DEPLOY / "systemd" / name) for name in UNITS.values()]

    done = subprocess.run(
        ["systemd-analyze", "verify", *units], capture_output=True, text=True, timeout=60
    )

    assert done.returncode == 0, done.stderr

"""The folders core/, records/, replay/ and cli/ install as subpackages of one
import package, ``sanguozhi`` (the rest of the metadata is in pyproject.toml).
Every package below them is found here, so a new mode's package needs no entry."""
from setuptools import find_packages, setup

PARTS = ("core", "records", "replay", "cli")

setup(
    package_dir={"sanguozhi": "sanguozhi", **{f"sanguozhi.{p}": p for p in PARTS}},
    packages=["sanguozhi", "sanguozhi.rl", *(f"sanguozhi.{p}{sub}" for p in PARTS for sub in ("", *(f".{s}" for s in find_packages(p))))],
    package_data={"sanguozhi.core": ["data/*.tsv", "**/data/*.tsv"], "sanguozhi.replay": ["viewer/*"], "sanguozhi.cli.web": ["static/*"]},
)

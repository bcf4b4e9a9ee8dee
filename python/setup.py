"""Builds irlens._core with CMake (python/CMakeLists.txt) from the repository around this folder.

IRLENS_PYTHON_BUILD: CMake's build folder (default: build-python/ beside python/, reused between
builds); CMAKE_BUILD_PARALLEL_LEVEL or JOBS: compile jobs; IRLENS_PREBUILT: a native build folder
(the repository's CMake, Release) whose core and frontends libraries are linked instead of compiling
them again (scripts/test-python.sh passes build/).

The notebook views' single-file embed bundle (web/dist/irlens-embed.single.js, built by
`sh web/build.sh`) is copied into the package when it is there, so that a wheel shows the views
offline wherever it is installed; without it, irlens.show says how to get one.
"""
import os
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target = Path(self.get_ext_fullpath(ext.name)).resolve()
        build = Path(os.environ.get("IRLENS_PYTHON_BUILD", HERE.parent / "build-python")).resolve()
        build.mkdir(parents=True, exist_ok=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or os.environ.get("JOBS") or str(os.cpu_count() or 1)
        configure = [
            "cmake",
            "-S",
            str(HERE),
            "-B",
            str(build),
            "-DCMAKE_BUILD_TYPE=Release",
            f"-DPython3_EXECUTABLE={sys.executable}",
            # A native build to link the core from (empty: the core is compiled here).
            f"-DIRLENS_PREBUILT={os.environ.get('IRLENS_PREBUILT', '')}",
        ]
        try:  # pybind11 from the package index (build isolation); else CMake finds the system's
            import pybind11

            configure.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
        except ImportError:
            pass
        subprocess.run(configure, check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["cmake", "--build", str(build), "--target", "_core", "-j", jobs], check=True)
        built = next(build.glob("_core*.so"), None) or next(build.glob("_core*.pyd"))
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), str(target))
        bundle = HERE.parent / "web" / "dist" / "irlens-embed.single.js"
        if bundle.is_file():
            self.copy_file(str(bundle), str(target.parent / bundle.name))


setup(ext_modules=[CMakeExtension("irlens._core")], cmdclass={"build_ext": CMakeBuild})

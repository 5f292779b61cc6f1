# The virtual environments of the test stages, sourced by test-python.sh
# and test-docs.sh.
#
#   venv=$(venv_for NAME REQUIREMENTS)
#
# Prints the folder of a virtual environment holding exactly the packages
# of the file REQUIREMENTS, making it first if it is not there. It is kept
# outside the work tree, in ${NGOLA_VENV_CACHE:-~/.cache/ngola/venvs}, under
# NAME, the Python version and a hash of REQUIREMENTS, so that a fresh
# clone (or CI's) reuses the one an earlier run made, as cargo reuses its
# downloaded crates; a changed file or another Python makes a new one. A
# folder is used only once it is complete (its `.complete` file is written
# last), and one lock serialises the runs that make one.
venv_for() {
    local name=$1 requirements=$2 python=${PYTHON:-python3}
    local version hash root venv
    version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    hash=$(sha256sum "$requirements" | cut -c1-16)
    root=${NGOLA_VENV_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ngola/venvs}
    venv=$root/$name-py$version-$hash
    mkdir -p "$root"
    (
        flock 9
        if [ ! -f "$venv/.complete" ]; then
            echo "-- making $venv" >&2
            rm -rf "$venv"
            "$python" -m venv "$venv"
            "$venv/bin/python" -m pip install --quiet -r "$requirements" >&2
            touch "$venv/.complete"
        fi
    ) 9>"$root/.lock"
    echo "$venv"
}

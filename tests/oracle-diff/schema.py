#!/usr/bin/env python3
"""The generators write CIBs that Pacemaker's schema accepts.

A CIB the schema rejects says nothing of the engine (crm_simulate refuses
it), so a construct that breaks validity silently leaves the differential
test blind.  Each construct of gen.EXTRAS and gen.EXTRAS2 is forced
(ODIFF_EXTRAS) on a few seeds, and each form of the remote and bundle
family is made for a few seeds; every CIB is checked with xmllint against
the RelaxNG schema its validate-with names, as Pacemaker installs it.
Exit 0 when all validate, 1 when not, 77 without xmllint or the schemas.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import diff  # noqa: E402
import gen  # noqa: E402

SCHEMAS = os.environ.get('PCMK_SCHEMA_DIRECTORY', '/usr/share/pacemaker')
SEEDS = range(4200, 4204)


def schema_of(text):
    found = re.search(r'validate-with="([^"]+)"', text)
    return os.path.join(SCHEMAS, found.group(1) + '.rng') if found else None


def invalid(text, name):
    """xmllint's complaint about text, or None when it validates."""
    schema = schema_of(text)
    if schema is None or not os.path.exists(schema):
        return '%s: no schema for its validate-with (%s)' % (name, schema)
    with tempfile.NamedTemporaryFile('w', suffix='.xml', delete=False) as f:
        f.write(text)
    try:
        p = subprocess.run(['xmllint', '--noout', '--relaxng', schema, f.name],
                           capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    return None if p.returncode == 0 else '%s: %s' % (name, p.stderr.strip()[-400:])


def cibs():
    """(name, text) of every CIB checked."""
    for construct in gen.EXTRAS + gen.EXTRAS2:
        os.environ['ODIFF_EXTRAS'] = construct
        for seed in SEEDS:
            yield '%s/%d' % (construct, seed), gen.gen(seed)
    os.environ.pop('ODIFF_EXTRAS', None)
    for form, make in diff.RB_FORMS.items():
        for seed in SEEDS:
            yield '%s/%d' % (form, seed), make(seed)


def main():
    if shutil.which('xmllint') is None or not os.path.isdir(SCHEMAS):
        print('no xmllint or no schemas in %s: skipped' % SCHEMAS)
        return 77
    failures = [why for why in (invalid(text, name) for name, text in cibs()) if why]
    for why in failures:
        print(why)
    print('%d invalid' % len(failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())

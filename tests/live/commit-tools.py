#!/usr/bin/env python3
"""Live commits through the operator's tools, on a CIB_file.

For each edit kind, cibscope --exec makes the edits offline and saves
them, and cibscope --live --exec makes the same edits on a CIB_file copy
of the same CIB and commits them (cibadmin, crm_resource, crm_attribute
and crm_ticket all honour CIB_file).  The two documents must be equal
(the <cib> element's counters, last-granted times and whitespace aside),
and each commit must have run the tool named for its kind, by its full
path: crm_resource for a resource's settings, crm_attribute for options,
defaults and node attributes, crm_ticket for tickets, object-level
cibadmin for constraints, resources, nodes and edited elements.
Exit 0 when all agree, 1 when not, 77 without the tools.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
ENGINE = os.environ.get('CIBSCOPE', os.path.join(
    os.environ.get('CS_TOP_BUILDDIR', TOP), 'src', 'cibscope'))
DEMO = os.path.join(TOP, 'data', 'demo.xml')
TOOLS = ('cibadmin', 'crm_resource', 'crm_attribute', 'crm_ticket')

# (cibscope commands, the tools the commit must run, what to compare)
CASES = [
    ('meta web-vip target-role Stopped', {'crm_resource'}, 'all'),
    ('meta ping target-role Stopped', {'crm_resource'}, 'all'),
    ('meta ping-clone interleave false; meta db priority 3', {'crm_resource'}, 'all'),
    ('meta app-worker migration-threshold --delete', {'crm_resource'}, 'all'),
    ('meta web is-managed false; meta web-fs priority 5', {'crm_resource'}, 'all'),
    # A group whose member holds the same name: only the group changes.
    ('meta web-vip target-role Started; meta web target-role Stopped', {'crm_resource'}, 'all'),
    # SETUP || COMMANDS: SETUP saved into both copies first.
    ('meta web-vip target-role Started; meta web target-role Stopped || '
     'meta web target-role --delete', {'crm_resource'}, 'all'),
    ('stickiness web-vip 50; stickiness default 7', {'crm_resource', 'crm_attribute'}, 'all'),
    ('param web-vip cidr_netmask 16; param report fake 1', {'crm_resource'}, 'all'),
    ('param web-vip cidr_netmask --delete', {'crm_resource'}, 'all'),
    ('utilization web-vip cpu 2; utilization web-vip mem 1', {'crm_resource'}, 'all'),
    ('utilization alpha cpu 8; utilization alpha memory 100', {'crm_attribute'}, 'all'),
    ('utilization alpha cpu 8; utilization alpha cpu --delete', {'cibadmin'}, 'all'),
    ('property no-quorum-policy ignore; property placement-strategy utilization',
     {'crm_attribute'}, 'all'),
    ('property no-quorum-policy --delete', {'crm_attribute'}, 'all'),
    ('rsc-default migration-threshold 3; op-default timeout 30s', {'crm_attribute'}, 'all'),
    ('attr alpha rack r1; standby bravo on', {'crm_attribute'}, 'all'),
    ("attr alpha rack '$(touch pwned); x'", {'crm_attribute'}, 'all'),
    # A CIB_file has no attribute manager: transient attributes are the
    # CIB's alone there, written by cibadmin (attrd_updater on a cluster).
    ('attr bravo pingd 2000 reboot; attr charlie pingd 10 reboot', {'cibadmin'}, 'all'),
    ('ticket T1 grant; ticket T2 revoke; ticket T3 standby; ticket T1 standby',
     {'crm_ticket'}, 'all'),
    ('ticket T1 grant; ticket T1 standby; ticket T1 activate; ticket T1 revoke',
     {'crm_ticket'}, 'all'),
    ('order add o-new web-vip report Optional symmetrical=false', {'cibadmin'}, 'all'),
    ('ticket-constraint add tc-new report T1 stop', {'cibadmin'}, 'all'),
    ("location add loc-rule report rule 50 '#uname' eq alpha", {'cibadmin'}, 'all'),
    ('colocation add c-set set web-vip report score=20', {'cibadmin'}, 'all'),
    ('resource add extra ocf:pacemaker:Dummy meta target-role=Stopped params fake=1',
     {'cibadmin'}, 'all'),
    ('resource remove app-worker', {'cibadmin'}, 'all'),
    ('group add g-new report', {'cibadmin'}, 'all'),
    ('clone report', {'cibadmin'}, 'all'),
    # The node_state is the cluster's own (the controller writes it when
    # the node joins or is purged): only the configuration is committed.
    ('node add gamma', {'cibadmin'}, 'configuration'),
    ('node remove echo', {'cibadmin'}, 'configuration'),
    ('edit report', {'cibadmin'}, 'all'),
    ('edit location-web-tier', {'cibadmin'}, 'all'),
]

# The editor for `edit`: a script that changes the element as a person
# would (a score, an attribute added).
EDITOR = r'''#!/bin/sh
sed -i -e 's/score="[^"]*"/score="33"/' \
       -e 's/type="Dummy"/type="Dummy" description="edited"/' "$1"
'''


def canonical(path, part):
    root = ET.parse(path).getroot()
    root.attrib.clear()
    if part == 'configuration':
        for child in list(root):
            if child.tag != 'configuration':
                root.remove(child)
    for el in root.iter():
        el.attrib.pop('last-granted', None)
        el.text = el.text.strip() if el.text and el.text.strip() else None
        el.tail = None
    return ET.tostring(root)


def tools_run(report):
    """The tools the commit ran, from its 'ok      /path/tool ...' lines."""
    ran = set()
    for line in report.splitlines():
        if line.startswith('ok      /'):
            ran.add(os.path.basename(line.split()[1]))
    return ran


def one_case(tmp, commands, tools, part, env):
    offline = os.path.join(tmp, 'offline.xml')
    live = os.path.join(tmp, 'live.xml')
    shutil.copy(DEMO, offline)
    if ' || ' in commands:
        setup, commands = commands.split(' || ', 1)
        subprocess.run([ENGINE, offline, '--exec', '%s; save' % setup], check=True,
                       capture_output=True, env=env, cwd=tmp)
    shutil.copy(offline, live)
    saved = subprocess.run([ENGINE, offline, '--exec', '%s; save' % commands],
                           capture_output=True, text=True, env=env, cwd=tmp)
    committed = subprocess.run([ENGINE, '--live', '--exec', '%s; commit' % commands],
                               capture_output=True, text=True, cwd=tmp,
                               env=dict(env, CIB_file=live))
    ran = tools_run(committed.stdout)
    problems = []
    if saved.returncode != 0 or committed.returncode != 0:
        problems.append('exit %d/%d: %s%s' % (saved.returncode, committed.returncode,
                                              saved.stderr, committed.stderr))
    elif canonical(offline, part) != canonical(live, part):
        problems.append('the committed CIB differs from the saved one')
    if not problems and ran != tools:
        problems.append('ran %s, expected %s' % (sorted(ran), sorted(tools)))
    if os.path.exists(os.path.join(tmp, 'pwned')):
        problems.append('a value reached a shell')
    print('%s: %s' % (commands, '; '.join(problems) if problems else
                      'committed as saved, with ' + ', '.join(sorted(ran)) if ran
                      else 'committed as saved, nothing to run'))
    if problems:
        print(committed.stdout, end='')
        subprocess.run(['diff', offline, live])
    return not problems


def main():
    if not os.access(ENGINE, os.X_OK):
        print('no %s: skipped' % ENGINE)
        return 77
    if not all(shutil.which(t) or os.access('/usr/sbin/' + t, os.X_OK) for t in TOOLS):
        print('Pacemaker tools not found: skipped')
        return 77
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        editor = os.path.join(tmp, 'editor')
        with open(editor, 'w') as f:
            f.write(EDITOR)
        os.chmod(editor, 0o755)
        env = dict(os.environ, EDITOR=editor, XDG_STATE_HOME=tmp)
        env.pop('VISUAL', None)
        env.pop('CIB_file', None)
        passed = 0
        for commands, tools, part in CASES:
            if one_case(tmp, commands, tools, part, env):
                passed += 1
            else:
                failed += 1
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())

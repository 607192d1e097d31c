#!/usr/bin/env python3
"""gen-remote-bundle.py: a CIB of cluster nodes, bundles and Pacemaker Remote
nodes, written to stdout (issue 19's bench workload).

  gen-remote-bundle.py [--nodes 16] [--bundles 3] [--replicas 16]
                       [--remotes 200] [--per-remote 5] [--failures 8]
                       [--bundle-history]

The same arguments always give the same CIB.  What it holds:
- NODES full cluster nodes, each running its share of the remote
  connections (start and recurring monitor recorded);
- BUNDLES bundles, docker and podman in turn, of REPLICAS replicas each,
  with a <network> that has an ip-range-start (one /24 per bundle) and a
  control-port, and an ocf:pacemaker:Dummy primitive inside;
- REMOTES Pacemaker Remote nodes, each an ocf:pacemaker:remote connection
  resource (a primitive whose id is the remote node's name) with a
  recurring monitor, and PER_REMOTE Dummy primitives running on each,
  with their start and monitor recorded in the remote node's status and a
  location preference (score 100) for it, so that the cluster is settled;
  every fourth remote node has a <node type="remote"> entry, as one gets
  once an attribute has been set on it, and every K-th (--failures) counts
  one monitor failure of its first resource (a fail count to clean up).
The bundles have no history unless --bundle-history is given: then every
replica's container, IP address and connection run on the cluster node of
the replica's number (modulo NODES) and the primitive inside runs on the
replica's guest node, each with its start recorded.
Nothing is fenced (stonith-enabled is false) and quorum is held.
"""
import argparse
import sys

# The digest Pacemaker 2.1.5 records for a start or a 10 s monitor with no
# parameters (as tests/bench's gen-cib uses): with them the scheduler takes
# the recorded operations as current.  The remote connection's monitor has
# the same digest as the Dummy's: only the parameters and the interval go in.
START_DIGEST = 'f2317cad3d54cec5d7d7aa7d0bf35cf8'
MONITOR_DIGEST = '4811cef7f7f94e3a35a70be7916cb2fd'
ZERO_UUID = '00000000-0000-0000-0000-000000000000'


class Cib:
    """The text of the CIB, piece by piece, and the call ids given out."""

    def __init__(self):
        self.parts = []
        self.call = 0

    def w(self, text):
        self.parts.append(text)

    def op(self, rsc, task, node, interval_ms=0, digest=START_DIGEST):
        """One successful operation of rsc on node."""
        self.call += 1
        name = '%s_last_0' % rsc if interval_ms == 0 else '%s_%s_%d' % (rsc, task, interval_ms)
        self.w('<lrm_rsc_op id="%s" operation_key="%s_%s_%d" operation="%s" '
               'crm-debug-origin="gen-remote-bundle" crm_feature_set="3.16.1" '
               'transition-key="%d:1:0:%s" transition-magic="0:0;%d:1:0:%s" exit-reason="" '
               'on_node="%s" call-id="%d" rc-code="0" op-status="0" interval="%d" '
               'last-rc-change="1700000000" exec-time="10" queue-time="0" op-digest="%s"/>'
               % (name, rsc, task, interval_ms, task, self.call, ZERO_UUID, self.call,
                  ZERO_UUID, node, self.call, interval_ms, digest))

    def running(self, rsc, cls, provider, kind, node, monitor_ms=None):
        """rsc's lrm_resource on node: started, and monitored when monitor_ms."""
        self.w('<lrm_resource id="%s" class="%s" provider="%s" type="%s">'
               % (rsc, cls, provider, kind))
        self.op(rsc, 'start', node)
        if monitor_ms is not None:
            self.op(rsc, 'monitor', node, monitor_ms, MONITOR_DIGEST)
        self.w('</lrm_resource>')


def cluster_name(i):
    return 'node%02d' % (i + 1)


def remote_name(i):
    return 'remote%03d' % (i + 1)


def bundle_name(b):
    return 'bundle%d' % (b + 1)


def runtime(b):
    return 'docker' if b % 2 == 0 else 'podman'


def ip_of(b, replica):
    return '10.%d.%d.%d' % (b + 1, replica // 250, replica % 250 + 1)


def write_configuration(cib, a):
    w = cib.w
    w('<configuration><crm_config><cluster_property_set id="cib-bootstrap-options">'
      '<nvpair id="opt-stonith" name="stonith-enabled" value="false"/>'
      '</cluster_property_set></crm_config><nodes>')
    for i in range(a.nodes):
        w('<node id="%d" uname="%s"/>' % (i + 1, cluster_name(i)))
    for r in range(0, a.remotes, 4):
        w('<node id="%s" type="remote" uname="%s"/>' % (remote_name(r), remote_name(r)))
    w('</nodes><resources>')
    for b in range(a.bundles):
        name = bundle_name(b)
        w('<bundle id="%s"><%s image="bench:%d" replicas="%d"/>'
          '<network ip-range-start="%s" control-port="3121"/>'
          '<primitive id="%s-app" class="ocf" provider="pacemaker" type="Dummy">'
          '<operations><op id="%s-app-monitor-10s" name="monitor" interval="10s"/>'
          '</operations></primitive></bundle>'
          % (name, runtime(b), b + 1, a.replicas, ip_of(b, 0), name, name))
    for r in range(a.remotes):
        name = remote_name(r)
        w('<primitive id="%s" class="ocf" provider="pacemaker" type="remote">'
          '<operations><op id="%s-monitor-10s" name="monitor" interval="10s"/>'
          '</operations></primitive>' % (name, name))
        for k in range(a.per_remote):
            rsc = '%s-rsc%d' % (name, k + 1)
            w('<primitive id="%s" class="ocf" provider="pacemaker" type="Dummy">'
              '<operations><op id="%s-monitor-10s" name="monitor" interval="10s"/>'
              '</operations></primitive>' % (rsc, rsc))
    w('</resources><constraints>')
    for r in range(a.remotes):
        name = remote_name(r)
        for k in range(a.per_remote):
            rsc = '%s-rsc%d' % (name, k + 1)
            w('<rsc_location id="loc-%s" rsc="%s" node="%s" score="100"/>' % (rsc, rsc, name))
    w('</constraints></configuration>')


def write_bundle_history(cib, a, node_index):
    """The replicas whose number is node_index modulo NODES, running here."""
    node = cluster_name(node_index)
    for b in range(a.bundles):
        name = bundle_name(b)
        for replica in range(node_index, a.replicas, a.nodes):
            cib.running('%s-%s-%d' % (name, runtime(b), replica), 'ocf', 'heartbeat',
                        runtime(b), node, 60000)
            cib.running('%s-ip-%s' % (name, ip_of(b, replica)), 'ocf', 'heartbeat',
                        'IPaddr2', node, 60000)
            cib.running('%s-%d' % (name, replica), 'ocf', 'pacemaker', 'remote', node, 30000)


def write_cluster_states(cib, a):
    for i in range(a.nodes):
        node = cluster_name(i)
        cib.w('<node_state id="%d" uname="%s" in_ccm="true" crmd="online" join="member" '
              'expected="member" crm-debug-origin="gen-remote-bundle"><lrm id="%d">'
              '<lrm_resources>' % (i + 1, node, i + 1))
        for r in range(i, a.remotes, a.nodes):
            cib.running(remote_name(r), 'ocf', 'pacemaker', 'remote', node, 10000)
        if a.bundle_history:
            write_bundle_history(cib, a, i)
        cib.w('</lrm_resources></lrm></node_state>')


def write_fail_count(cib, name, rsc):
    """A monitor failure of rsc counted on the remote node name."""
    cib.w('<transient_attributes id="%s"><instance_attributes id="status-%s">'
          '<nvpair id="status-%s-fc" name="fail-count-%s#monitor_10000" value="1"/>'
          '<nvpair id="status-%s-lf" name="last-failure-%s#monitor_10000" value="1700000000"/>'
          '</instance_attributes></transient_attributes>' % (name, name, name, rsc, name, rsc))


def write_remote_states(cib, a):
    for r in range(a.remotes):
        name = remote_name(r)
        cib.w('<node_state id="%s" uname="%s" remote_node="true" '
              'crm-debug-origin="gen-remote-bundle">' % (name, name))
        if a.failures > 0 and r % a.failures == 0 and a.per_remote > 0:
            write_fail_count(cib, name, '%s-rsc1' % name)
        cib.w('<lrm id="%s"><lrm_resources>' % name)
        for k in range(a.per_remote):
            cib.running('%s-rsc%d' % (name, k + 1), 'ocf', 'pacemaker', 'Dummy', name, 10000)
        cib.w('</lrm_resources></lrm></node_state>')


def write_guest_states(cib, a):
    for b in range(a.bundles):
        name = bundle_name(b)
        for replica in range(a.replicas):
            guest = '%s-%d' % (name, replica)
            cib.w('<node_state id="%s" uname="%s" remote_node="true" '
                  'crm-debug-origin="gen-remote-bundle"><lrm id="%s"><lrm_resources>'
                  % (guest, guest, guest))
            cib.running('%s-app' % name, 'ocf', 'pacemaker', 'Dummy', guest, 10000)
            cib.w('</lrm_resources></lrm></node_state>')


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--nodes', type=int, default=16)
    ap.add_argument('--bundles', type=int, default=3)
    ap.add_argument('--replicas', type=int, default=16)
    ap.add_argument('--remotes', type=int, default=200)
    ap.add_argument('--per-remote', type=int, default=5)
    ap.add_argument('--failures', type=int, default=8, metavar='K',
                    help='every K-th remote node counts a monitor failure of its '
                         'first resource (0: none)')
    ap.add_argument('--bundle-history', action='store_true',
                    help='the bundles\' replicas running (containers, addresses, '
                         'connections and the primitive inside)')
    a = ap.parse_args()
    if a.nodes < 1 or a.replicas < 1 or a.replicas > 250 * 256:
        ap.error('at least one node and one replica (and at most 64000)')
    cib = Cib()
    cib.w('<cib admin_epoch="0" epoch="1" num_updates="0" validate-with="pacemaker-3.7" '
          'crm_feature_set="3.16.1" have-quorum="1" dc-uuid="1">')
    write_configuration(cib, a)
    cib.w('<status>')
    write_cluster_states(cib, a)
    write_remote_states(cib, a)
    if a.bundle_history:
        write_guest_states(cib, a)
    cib.w('</status></cib>')
    sys.stdout.write('\n'.join(cib.parts) + '\n')


if __name__ == '__main__':
    main()

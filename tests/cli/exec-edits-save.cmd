@TESTS@/cases/stickiness-resource.xml --exec 'stickiness rsc2 100; stickiness default 5; standby node3 on; location add loc-rsc1-node3 rsc1 node3 INFINITY; scores; save -'

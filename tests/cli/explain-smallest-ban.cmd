explain @TESTS@/cases/location-ban.xml rsc1 node1

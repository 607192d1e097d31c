why @TESTS@/incidents/before.xml @TESTS@/incidents/utilization-after.xml

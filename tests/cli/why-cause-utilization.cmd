why @TESTS@/incidents/utilization-before.xml @TESTS@/incidents/utilization-after.xml

why @TESTS@/incidents/before.xml @TESTS@/incidents/order-after.xml

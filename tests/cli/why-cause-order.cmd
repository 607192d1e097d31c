why @TESTS@/incidents/order-before.xml @TESTS@/incidents/order-after.xml

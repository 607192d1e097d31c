scores @TESTS@/unsupported/unique-clone-pending-probe.xml

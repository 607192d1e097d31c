settle

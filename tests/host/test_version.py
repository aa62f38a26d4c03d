"""The PC tools and the firmware carry one version (the About screen shows the firmware's)."""

import host_tools
import tanteador


def test_host_and_firmware_versions_agree():
    assert host_tools.VERSION == tanteador.VERSION

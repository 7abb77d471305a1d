"""End to end: `specgap serve` as a process, its console driven in real headless Chromium.

Needs Debian's `chromium` and `chromium-driver` (`.ci/browser.sh` installs them); skips with
the reason where they are absent. The screenshot is left in the test's temp folder.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from specgap.sqlwarehouse import seed
from tests.conftest import ROOT

pytestmark = pytest.mark.slow

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver") or (
    "/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else None
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    db = tmp_path / "warehouse.sqlite"
    seed(db)
    port = free_port()
    log = (tmp_path / "server.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from specgap.cli import main; main()",
            "serve",
            "--port",
            str(port),
            "--db",
            str(db),
        ],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "SPECGAP_TOKEN": ""},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(
                    "specgap serve did not start:\n" + (tmp_path / "server.log").read_text()
                )
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[object]:
    if CHROMIUM is None or DRIVER is None:
        pytest.skip("needs Debian's `chromium` and `chromium-driver` (run .ci/browser.sh)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--window-size=1400,1000",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def test_the_console_shows_the_policy_and_a_denied_event(
    server: str, browser: object, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.wait import WebDriverWait

    driver: WebDriver = browser  # type: ignore[assignment]
    wait = WebDriverWait(driver, 20)
    driver.get(server + "/")
    # the policy: grouped by category, with quotes and, once evaluated, mutation evidence
    # (the page re-renders when the evidence arrives, so read it after that, in one script)
    wait.until(lambda d: "mutants killed" in d.find_element(By.ID, "policies").text)
    headings = driver.execute_script(
        "return [...document.querySelectorAll('#policies h3')].map(h => h.textContent)"
    )
    assert any(h.startswith("authorization_check") for h in headings)
    assert driver.find_elements(By.CSS_SELECTOR, "[data-not-enforced]")
    # the trace runner: pick the unsafe trace that reads `payments`, run it
    driver.find_element(By.CSS_SELECTOR, "nav button[data-tab=runner]").click()
    Select(driver.find_element(By.ID, "run-agent")).select_by_value("sql")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#run-pick option")) > 1)
    Select(driver.find_element(By.ID, "run-pick")).select_by_value(
        "fixtures/sql/traces/unsafe/payments_table.json"
    )
    driver.find_element(By.ID, "run").click()
    wait.until(lambda d: d.find_element(By.ID, "run-summary").get_attribute("data-denied"))
    denied = driver.find_elements(By.CSS_SELECTOR, "#decisions tr[data-verdict=deny]")
    assert len(denied) == 1
    assert "execute_sql" in denied[0].text
    assert "payments" in denied[0].text
    driver.save_screenshot(str(tmp_path / "console.png"))
    # edit the query to an approved table and re-run: nothing is denied any more
    field = driver.find_element(
        By.CSS_SELECTOR, "#decisions tr[data-verdict=deny] input[data-arg=query]"
    )
    field.send_keys(Keys.CONTROL, "a")  # select and type over: `clear()` fires `change` early
    field.send_keys("SELECT id, name FROM products WHERE stock = 0 LIMIT 50")
    driver.find_element(By.ID, "run-summary").click()  # leaving the field fires `change`
    wait.until(lambda d: d.find_element(By.ID, "run-summary").get_attribute("data-denied") == "0")
    assert not driver.find_elements(By.CSS_SELECTOR, "#decisions tr[data-verdict=deny]")
    assert (tmp_path / "console.png").stat().st_size > 10_000

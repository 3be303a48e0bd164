"""A real S3 API server on 127.0.0.1 for the tests: moto's standalone server (offline,
in this process's threads), and a fresh bucket per test.

``object_store`` (fixture): sets ``COMMUNITY_STORAGE_URL`` to a new bucket of the
session's server and gives a boto3 client on it (``.client``, ``.bucket``, ``.url``).
Import the fixtures into a test module: ``from tests.object_store import object_store, s3_server``.
"""

from __future__ import annotations

import dataclasses
import secrets

import pytest

ACCESS_KEY, SECRET_KEY, REGION = "testing", "testing-secret", "us-east-1"


@dataclasses.dataclass
class ObjectStore:
    endpoint: str
    bucket: str
    client: object

    @property
    def url(self) -> str:
        """The ``COMMUNITY_STORAGE_URL`` of this bucket (credentials in the URL)."""
        return f"s3://{ACCESS_KEY}:{SECRET_KEY}@{self.bucket}?endpoint={self.endpoint}&region={REGION}"

    def keys(self) -> list[str]:
        answer = self.client.list_objects_v2(Bucket=self.bucket)
        return sorted(item["Key"] for item in answer.get("Contents", []))


def start_s3_server():
    """A started moto server on a free port of 127.0.0.1 and its endpoint URL."""
    from moto.server import ThreadedMotoServer

    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    return server, f"http://{host}:{port}"


def new_bucket(endpoint: str) -> ObjectStore:
    import boto3
    from botocore.config import Config

    client = boto3.client("s3", endpoint_url=endpoint, region_name=REGION,
                          aws_access_key_id=ACCESS_KEY, aws_secret_access_key=SECRET_KEY,
                          config=Config(s3={"addressing_style": "path"}))
    bucket = f"site-files-{secrets.token_hex(4)}"
    client.create_bucket(Bucket=bucket)
    return ObjectStore(endpoint, bucket, client)


@pytest.fixture(scope="session")
def s3_server():
    server, endpoint = start_s3_server()
    yield endpoint
    server.stop()


@pytest.fixture
def object_store(s3_server, monkeypatch) -> ObjectStore:
    store = new_bucket(s3_server)
    monkeypatch.setenv("COMMUNITY_STORAGE_URL", store.url)
    return store


@pytest.fixture(params=["local", "object store"])
def either_store(request) -> str:
    """Runs a test twice: its files on the local disk, then in a new object store bucket."""
    if request.param == "object store":
        request.getfixturevalue("object_store")
    return request.param

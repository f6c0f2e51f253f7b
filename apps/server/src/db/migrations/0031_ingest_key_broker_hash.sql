-- The key as Mosquitto's password file stores it (PBKDF2-SHA512, "$7$…"), computed when the key is created (the
-- server never keeps the key itself): with MQTT_BROKER_FILES_DIR the server writes the broker's password and ACL
-- files from the live keys, so a gateway signs in to the broker with its key (docs/security.md, issue 23 item 4).
-- Keys created before this migration have none: create a new key for a gateway that connects to a secured broker.
ALTER TABLE ingest_keys ADD COLUMN broker_hash text;

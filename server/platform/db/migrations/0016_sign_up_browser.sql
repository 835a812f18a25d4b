-- The browser that registered an address: the SHA-256 of the random value of its HttpOnly sign-up
-- cookie. Only a verification completed in that browser keeps the password typed at registration;
-- anywhere else the person who proves the mailbox chooses their own password.
ALTER TABLE sign_ups ADD COLUMN browser_hash text;

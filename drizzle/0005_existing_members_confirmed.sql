-- Custom SQL migration file, put your code below! --
-- Sign-in now needs a confirmed e-mail address. Members who signed up before confirmation existed
-- keep signing in as they did: their accounts count as confirmed.
UPDATE "user" SET "email_verified" = true WHERE "email_verified" = false;

-- Applications store the country as every other table does: 'us', not 'usa'
-- (docs/product/registration.md). The public form still sends usa; the API converts it.
UPDATE "applications" SET "country" = 'us' WHERE "country" = 'usa';
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_country_check" CHECK ("country" IN ('ca', 'us'));

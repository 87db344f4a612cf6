CREATE TABLE "employer_employees" (
	"employer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_employees_employer_id_user_id_pk" PRIMARY KEY("employer_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "denied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employer_employees" ADD CONSTRAINT "employer_employees_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_employees" ADD CONSTRAINT "employer_employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_employees_user_id_index" ON "employer_employees" USING btree ("user_id");
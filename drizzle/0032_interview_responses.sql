CREATE TABLE "interview_response" (
	"interview_id" text NOT NULL,
	"user_id" text NOT NULL,
	"response" text NOT NULL,
	"sequence" integer NOT NULL,
	"responded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_response_interview_id_user_id_pk" PRIMARY KEY("interview_id","user_id"),
	CONSTRAINT "interview_response_check" CHECK ("interview_response"."response" in ('accepted', 'declined', 'tentative'))
);
--> statement-breakpoint
ALTER TABLE "interview_response" ADD CONSTRAINT "interview_response_interview_id_interview_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interview"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_response" ADD CONSTRAINT "interview_response_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
// Package notificationsvc runs the notification service: who is told what
// when appointments and reviews change, the reminders before an
// appointment, and each recipient's list.
package notificationsvc

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	notificationv1 "github.com/slotwise/slotwise/api/gen/notification/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/retention"
	"github.com/slotwise/slotwise/platform/svc"

	"github.com/slotwise/slotwise/notification-svc/internal/contacts"
	"github.com/slotwise/slotwise/notification-svc/internal/events"
	"github.com/slotwise/slotwise/notification-svc/internal/mailer"
	"github.com/slotwise/slotwise/notification-svc/internal/notification"
	"github.com/slotwise/slotwise/notification-svc/internal/store"
	"github.com/slotwise/slotwise/notification-svc/internal/transport"
)

// Config is the notification service's environment.
type Config struct {
	svc.Config
	// Location is the business time zone starts are written in.
	Location *time.Location
	// ReminderInterval is how often due reminders are looked for
	// (REMINDER_INTERVAL).
	ReminderInterval time.Duration
	// SMTP is where notification mails go (SMTP_ADDR, SMTP_USERNAME,
	// SMTP_PASSWORD, SMTP_FROM, SMTP_TLS); no address: every mail fails
	// with that reason, recorded.
	SMTP SMTP
	// WebURL is the web app's address, linked from each mail (WEB_URL).
	WebURL string
	// MailInterval is how often queued mail is looked for (MAIL_INTERVAL);
	// MailMaxAttempts bounds the tries of one mail (MAIL_MAX_ATTEMPTS), the
	// first retry after MailBackoff (MAIL_BACKOFF), doubling.
	MailInterval    time.Duration
	MailMaxAttempts int
	MailBackoff     time.Duration
	// NotificationTTL is how long a notification is kept (NOTIFICATION_TTL);
	// reminders are deleted ReminderTTL after they fell due.
	NotificationTTL time.Duration
	// Clock is the time source; nil means time.Now (tests inject one).
	Clock func() time.Time
}

// LoadConfig reads the environment.
func LoadConfig(r *config.Reader) Config {
	return Config{
		Config:           svc.LoadConfig(r, "notification-svc", ":7005", true, true),
		Location:         r.Location("APP_TIMEZONE", "Asia/Kolkata"),
		ReminderInterval: r.Duration("REMINDER_INTERVAL", notification.DefaultReminderInterval),
		SMTP: mailer.SMTP{Addr: r.String("SMTP_ADDR", ""), Username: r.String("SMTP_USERNAME", ""), Password: r.String("SMTP_PASSWORD", ""),
			From: r.String("SMTP_FROM", DefaultFrom), TLS: r.String("SMTP_TLS", mailer.TLSOpportunistic)},
		WebURL:          r.String("WEB_URL", DefaultWebURL),
		MailInterval:    r.Duration("MAIL_INTERVAL", notification.DefaultMailInterval),
		MailMaxAttempts: r.Int("MAIL_MAX_ATTEMPTS", notification.DefaultMaxAttempts),
		MailBackoff:     r.Duration("MAIL_BACKOFF", notification.DefaultMailBackoff),
		NotificationTTL: r.Duration("NOTIFICATION_TTL", DefaultNotificationTTL),
	}
}

// SMTP is a mail server's address, credentials, sender and TLS mode.
type SMTP = mailer.SMTP

// Defaults of SMTP_FROM, WEB_URL and NOTIFICATION_TTL, and how long a
// reminder is kept after it fell due (by then its appointment has started:
// it was sent or dropped).
const (
	DefaultFrom            = "notifications@slotwise.localhost"
	DefaultWebURL          = "http://localhost:3000"
	DefaultNotificationTTL = 180 * 24 * time.Hour
	ReminderTTL            = 30 * 24 * time.Hour
	// AccountMailTTL is how long an account mail's row is kept.
	AccountMailTTL = 7 * 24 * time.Hour
)

// Program is what cmd/notification-svc runs.
var Program = svc.ProgramFor(LoadConfig)

// Run serves until ctx ends (the devstack runs it in-process).
func Run(ctx context.Context, cfg Config) error { return svc.RunService(ctx, cfg) }

// Spec wires the service into the shared runtime: the recipients' API, the
// consumers of appointment and review events, and the reminder scheduler.
func (cfg Config) Spec() svc.Spec {
	now := svc.Clock(cfg.Clock)
	every := cfg.ReminderInterval
	if every <= 0 {
		every = notification.DefaultReminderInterval
	}
	keep := cfg.NotificationTTL
	if keep <= 0 {
		keep = DefaultNotificationTTL
	}
	return svc.Spec{
		Schema:     "notification",
		Migrations: svc.Dir(store.Migrations, "migrations"),
		Retention: []*retention.Rule{
			{Table: "notifications", Column: "created_at", Keep: keep, Now: now},
			{Table: "reminders", Column: "due_at", Keep: ReminderTTL, Now: now},
			{Table: "account_mails", Column: "created_at", Keep: AccountMailTTL, Now: now},
			{Table: "appointment_details", Column: "starts_at", Keep: keep, Now: now},
		},
		Erasure: &svc.Erasure{Group: topics.NotificationErasureGroup, Erase: erasure.Statements(store.EraseStatements...)},
		Setup: func(ctx context.Context, rt *svc.Runtime) error {
			domain := notification.NewService(store.Notifications{Pool: rt.Pool})
			rt.Serve(transport.NewGRPCServer(transport.NewSet(domain, rt.Middlewares)), &notificationv1.NotificationService_ServiceDesc, nil)
			effects := store.Effects{Pool: rt.Pool, Now: now, NewID: uuid.NewString}
			rt.ConsumeBatch(topics.Appointments, topics.NotificationAppointmentsGroup, events.AppointmentHandler(effects, cfg.Location, rt.Logger))
			rt.ConsumeBatch(topics.Reviews, topics.NotificationReviewsGroup, events.ReviewHandler(effects, rt.Logger))
			scheduler := notification.Scheduler{Store: store.Reminders{Pool: rt.Pool, NewID: uuid.NewString}, Now: now, Every: every, Logger: rt.Logger}
			rt.Go("reminders", scheduler.Run)
			conn, err := rt.Dial(rt.Config.AuthGRPCAddr)
			if err != nil {
				return err
			}
			postman, hangUp := cfg.postman(now, contacts.Auth{Client: authv1.NewAuthInternalClient(conn)}, store.Emails{Pool: rt.Pool}, rt)
			rt.Go("mail", func(ctx context.Context) error {
				defer hangUp()
				return postman.Run(ctx)
			})
			cfg.accountMail(now, postman, rt)
			return nil
		},
	}
}

// postman mails the notifications, with the defaults for what cfg leaves
// unset; hangUp closes the connections its mailer keeps, once it stopped.
func (cfg Config) postman(now func() time.Time, c notification.Contacts, out notification.Outgoing, rt *svc.Runtime) (p notification.Postman, hangUp func()) {
	smtp := cfg.SMTP
	if smtp.From == "" {
		smtp.From = DefaultFrom
	}
	sender := mailer.NewSender(smtp)
	web := cfg.WebURL
	if web == "" {
		web = DefaultWebURL
	}
	loc := cfg.Location
	if loc == nil {
		loc = time.UTC
	}
	composer := notification.Composer{WebURL: strings.TrimRight(web, "/"), Location: loc, Organizer: smtp.From, Now: now}
	p = notification.Postman{Store: out, Contacts: c, Mailer: sender, Composer: composer, Now: now,
		Every: cfg.MailInterval, MaxAttempts: cfg.MailMaxAttempts, Backoff: cfg.MailBackoff, Logger: rt.Logger}
	if cfg.SMTP.Addr == "" {
		rt.Logger.Warn("SMTP_ADDR is not set: notification mails fail with that reason")
		p.Mailer = noServer{}
	}
	if p.Every <= 0 {
		p.Every = notification.DefaultMailInterval
	}
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = notification.DefaultMaxAttempts
	}
	if p.Backoff <= 0 {
		p.Backoff = notification.DefaultMailBackoff
	}
	return p, sender.Close
}

// accountMail consumes auth.accounts.v1 and sends its mails through the
// notifications' mailer and settings.
func (cfg Config) accountMail(now func() time.Time, p notification.Postman, rt *svc.Runtime) {
	out := store.AccountMails{Pool: rt.Pool}
	rt.ConsumeBatch(topics.Accounts, topics.NotificationAccountsGroup, events.AccountHandler(out, now, rt.Logger))
	loc := cfg.Location
	if loc == nil {
		loc = time.UTC
	}
	ap := notification.AccountPostman{Store: out, Mailer: p.Mailer, WebURL: p.Composer.WebURL, Location: loc, Now: now,
		Every: p.Every, MaxAttempts: p.MaxAttempts, Backoff: p.Backoff, Logger: rt.Logger}
	rt.Go("account mail", ap.Run)
}

// noServer is the mailer when no SMTP server is configured.
type noServer struct{}

func (noServer) Send(context.Context, notification.Mail) error {
	return notification.PermanentError{Err: errors.New("no SMTP server is configured (SMTP_ADDR)")}
}

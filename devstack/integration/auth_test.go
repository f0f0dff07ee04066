package integration

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/platform/authn"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/testkit"
)

func TestAuthRegistrationRules(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	base := func(role string) map[string]any { return stacktest.Registration(role, stacktest.UniqueEmail("reg")) }
	cases := []struct {
		name string
		role string
		mod  func(map[string]any)
		msg  string
	}{
		{"missing email", "customer", func(b map[string]any) { b["email"] = "" }, "All fields are required."},
		{"missing password", "customer", func(b map[string]any) { b["password"] = "" }, "All fields are required."},
		{"email without @", "customer", func(b map[string]any) { b["email"] = "nobody.example.com" }, "Please enter a valid email address"},
		{"full name", "customer", func(b map[string]any) { b["fullName"] = "  " }, "Full name is required."},
		{"phone", "customer", func(b map[string]any) { delete(b, "phoneNumber") }, "Phone number is required."},
		{"address", "customer", func(b map[string]any) { b["address"] = "" }, "Address is required."},
		{"gender", "customer", func(b map[string]any) { b["gender"] = "" }, "Please select your gender."},
		{"confirm mismatch", "customer", func(b map[string]any) { b["confirmPassword"] = "other1" }, "Passwords do not match."},
		{"short password", "customer", func(b map[string]any) { b["password"] = "12345" }, "Password must be at least 6 characters long."},
		{"business name", "provider", func(b map[string]any) { b["businessInfo"].(map[string]any)["businessName"] = "" }, "Business name is required for service providers."},
		{"business location", "provider", func(b map[string]any) { b["businessInfo"].(map[string]any)["location"] = " " }, "Business location is required for service providers."},
		{"under 10", "customer", func(b map[string]any) { b["dateOfBirth"] = time.Now().AddDate(-9, 0, 0).Format("2006-01-02") }, "You must be at least 10 years old to register."},
		{"over 120", "customer", func(b map[string]any) { b["dateOfBirth"] = time.Now().AddDate(-121, 0, 0).Format("2006-01-02") }, "Please enter a valid date of birth."},
		{"gender value", "customer", func(b map[string]any) { b["gender"] = "robot" }, "Gender must be one of male, female, other, prefer-not-to-say."},
		{"wrong type", "customer", func(b map[string]any) { b["fullName"] = 42 }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := base(c.role)
			c.mod(b)
			r := st.Post(t, "/auth/register", "", b)
			if c.msg == "" {
				if r.Status != http.StatusBadRequest || r.JSON["success"] != false || !strings.HasPrefix(r.String("error"), "Invalid request body") {
					t.Fatalf("wrong type: %d %s", r.Status, r.Raw)
				}
				return
			}
			r.ExpectError(t, http.StatusBadRequest, c.msg)
		})
	}

	t.Run("provider registers with business info and trimmed, lower-cased email", func(t *testing.T) {
		email := stacktest.UniqueEmail("Prov")
		b := stacktest.Registration("provider", "  "+strings.ToUpper(email)+" ")
		b["businessInfo"].(map[string]any)["businessName"] = "  Glow Salon "
		b["unknownField"] = "ignored"
		r := st.Post(t, "/auth/register", "", b).ExpectStatus(t, http.StatusCreated)
		if r.String("user.email") != strings.ToLower(email) || r.String("user.providerInfo.businessName") != "Glow Salon" || r.JSON["success"] != true {
			t.Fatalf("register response: %s", r.Raw)
		}
		st.Post(t, "/auth/register", "", stacktest.Registration("customer", strings.ToUpper(email))).
			ExpectError(t, http.StatusConflict, "An account with this email already exists. Please log in instead.")
	})
}

func TestAuthLoginRoleAndTokens(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	c := st.NewUser(t, "customer")
	p := st.NewUser(t, "provider")

	t.Run("login answers token, message, user", func(t *testing.T) {
		r := st.Post(t, "/auth/login-with-role", "", map[string]any{"email": strings.ToUpper(c.Email), "password": c.Password, "role": "customer"}).ExpectStatus(t, 200)
		if r.String("token") == "" || r.String("message") == "" || r.String("user.role") != "customer" {
			t.Fatalf("login: %s", r.Raw)
		}
	})
	t.Run("wrong password and unknown email say the same", func(t *testing.T) {
		st.Post(t, "/auth/login-with-role", "", map[string]any{"email": c.Email, "password": "wrong-pw", "role": "customer"}).
			ExpectError(t, http.StatusUnauthorized, "Invalid email or password")
		st.Post(t, "/auth/login-with-role", "", map[string]any{"email": "nobody@example.com", "password": "whatever", "role": "customer"}).
			ExpectError(t, http.StatusUnauthorized, "Invalid email or password")
	})
	t.Run("right password, wrong role names the account's role", func(t *testing.T) {
		st.Post(t, "/auth/login-with-role", "", map[string]any{"email": p.Email, "password": p.Password, "role": "customer"}).
			ExpectError(t, http.StatusForbidden, "This account is registered as a service provider. Please log in as a service provider.")
		st.Post(t, "/auth/login-with-role", "", map[string]any{"email": c.Email, "password": c.Password, "role": "provider"}).
			ExpectError(t, http.StatusForbidden, "This account is registered as a customer. Please log in as a customer.")
	})
	t.Run("login validation", func(t *testing.T) {
		st.Post(t, "/auth/login-with-role", "", map[string]any{"email": "", "password": "x"}).ExpectError(t, 400, "All fields are required.")
		st.Post(t, "/auth/login-with-role", "", map[string]any{"email": "x", "password": "x"}).ExpectError(t, 400, "Please enter a valid email address")
	})
	t.Run("role lookup", func(t *testing.T) {
		r := st.Get(t, "/auth/user-role/"+p.Email, "").ExpectStatus(t, 200)
		if r.JSON["success"] != true || r.String("role") != "provider" {
			t.Fatalf("role lookup: %s", r.Raw)
		}
		if st.Get(t, "/auth/user-role/"+strings.Replace(c.Email, "@", "%40", 1), "").ExpectStatus(t, 200).String("role") != "customer" {
			t.Fatal("escaped @ not understood")
		}
		st.Get(t, "/auth/user-role/nobody@example.com", "").ExpectError(t, 404, "No account found for this email")
	})
	t.Run("JWKS is published", func(t *testing.T) {
		r := st.Get(t, "/.well-known/jwks.json", "").ExpectStatus(t, 200)
		if r.String("keys.0.kty") != "OKP" || r.String("keys.0.crv") != "Ed25519" || r.String("keys.0.kid") == "" {
			t.Fatalf("jwks: %s", r.Raw)
		}
	})
	t.Run("bad tokens are refused", func(t *testing.T) {
		parts := strings.Split(c.Token, ".")
		_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
		kid := st.Get(t, "/.well-known/jwks.json", "").String("keys.0.kid")
		claims := jwt.MapClaims{"sub": c.ID, "role": "customer", "email": c.Email, "exp": time.Now().Add(time.Hour).Unix()}
		expired := jwt.MapClaims{"sub": c.ID, "role": "customer", "email": c.Email, "exp": time.Now().Add(-time.Minute).Unix()}
		none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT","kid":"` + kid + `"}`))
		tokens := map[string]string{
			"tampered":  parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"`+p.ID+`","role":"provider","exp":9999999999}`)) + "." + parts[2],
			"alg none":  none + "." + parts[1] + ".",
			"other key": signWith(t, otherKey, kid, claims),
			"expired":   signWith(t, st.SigningKey, kid, expired),
			"garbage":   "abc",
		}
		for name, tok := range tokens {
			st.Get(t, "/auth/profile", tok).ExpectError(t, http.StatusUnauthorized, "Invalid or expired token: please log in again")
			_ = name
		}
		st.Get(t, "/auth/profile", "").ExpectError(t, http.StatusUnauthorized, "Authentication required: please log in")
	})
	t.Run("a valid token of a deleted user is refused", func(t *testing.T) {
		gone := st.NewUser(t, "customer")
		testkit.MustExec(t, st.DatabaseURL, `DELETE FROM auth.users WHERE id = $1`, gone.ID)
		st.Get(t, "/auth/profile", gone.Token).ExpectError(t, http.StatusUnauthorized, "Your account no longer exists. Please log in again.")
	})
	t.Run("another service's interceptor accepts auth-svc tokens via JWKS", func(t *testing.T) {
		conn, err := grpcx.Dial(st.GRPCAddrs["auth-svc"], nil)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		client := authv1.NewAuthServiceClient(conn)
		v := authn.NewVerifier(func(ctx context.Context) (*authv1.JWKS, error) { return client.GetJWKS(ctx, &authv1.GetJWKSRequest{}) })
		claims, err := v.Verify(context.Background(), p.Token)
		if err != nil || claims.UserID != p.ID || claims.Role != "provider" {
			t.Fatalf("verify via JWKS: %+v %v", claims, err)
		}
	})
}

func TestAuthProfile(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	c := st.NewUser(t, "customer")
	p := st.NewUser(t, "provider")

	r := st.Get(t, "/auth/profile", p.Token).ExpectStatus(t, 200)
	for _, f := range []string{"user.fullName", "user.email", "user.phoneNumber", "user.address", "user.gender", "user.role", "user.createdAt", "user.updatedAt", "user.providerInfo.businessName", "user.providerInfo.location"} {
		if r.String(f) == "" {
			t.Errorf("profile lacks %s: %s", f, r.Raw)
		}
	}
	if _, ok := r.Field("user.providerInfo.experience").(float64); !ok {
		t.Errorf("experience must be a number: %s", r.Raw)
	}

	upd := map[string]any{"fullName": "New Name", "dateOfBirth": "1990-04-02", "businessInfo": map[string]any{
		"businessName": "Acme 2", "location": "Indiranagar, Bengaluru", "specializations": []string{"hair", " nails "}, "experience": 4}}
	r = st.Put(t, "/auth/profile", p.Token, upd).ExpectStatus(t, 200)
	if r.String("user.fullName") != "New Name" || r.String("user.dateOfBirth") != "1990-04-02" || r.String("user.providerInfo.specializations.1") != "nails" || r.Field("user.providerInfo.experience") != 4.0 {
		t.Fatalf("update: %s", r.Raw)
	}
	st.Put(t, "/auth/profile", p.Token, map[string]any{"email": "broken"}).ExpectError(t, 400, "Please enter a valid email address")
	st.Put(t, "/auth/profile", p.Token, map[string]any{"dateOfBirth": time.Now().AddDate(-5, 0, 0).Format("2006-01-02")}).ExpectError(t, 400, "You must be at least 10 years old.")
	st.Put(t, "/auth/profile", p.Token, map[string]any{"dateOfBirth": "1800-01-01"}).ExpectError(t, 400, "Please enter a valid date of birth.")
	st.Put(t, "/auth/profile", p.Token, map[string]any{"businessInfo": map[string]any{"businessName": "A", "location": "B", "experience": -1}}).ExpectError(t, 400, "Experience must be a number of at least 0.")
	st.Put(t, "/auth/profile", p.Token, map[string]any{"email": strings.ToUpper(c.Email), "currentPassword": p.Password}).ExpectError(t, 409, "Another account already uses this email")
	st.Put(t, "/auth/profile", "", upd).ExpectError(t, 401, "Authentication required: please log in")
}

// TestAuthEmailChangeNeedsPassword: a token alone cannot move an account to
// another email; the current password must come with the change.
func TestAuthEmailChangeNeedsPassword(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	c := st.NewUser(t, "customer")
	newEmail := stacktest.UniqueEmail("moved")

	st.Put(t, "/auth/profile", c.Token, map[string]any{"email": newEmail}).
		ExpectError(t, http.StatusBadRequest, "Please enter your current password to change your email.")
	st.Put(t, "/auth/profile", c.Token, map[string]any{"email": newEmail, "currentPassword": ""}).
		ExpectError(t, http.StatusBadRequest, "Please enter your current password to change your email.")
	st.Put(t, "/auth/profile", c.Token, map[string]any{"email": newEmail, "currentPassword": "not-my-password"}).
		ExpectError(t, http.StatusForbidden, "The current password is incorrect.")
	if got := st.Get(t, "/auth/profile", c.Token).String("user.email"); got != c.Email {
		t.Fatalf("a refused change moved the account to %s", got)
	}

	// The same email (any case) and other fields need no password.
	st.Put(t, "/auth/profile", c.Token, map[string]any{"email": strings.ToUpper(c.Email), "fullName": "Same Email"}).ExpectStatus(t, http.StatusOK)

	r := st.Put(t, "/auth/profile", c.Token, map[string]any{"email": newEmail, "currentPassword": c.Password}).ExpectStatus(t, http.StatusOK)
	if r.String("user.email") != newEmail {
		t.Fatalf("email change with the password: %s", r.Raw)
	}
	st.Login(t, newEmail, c.Password, "customer")
	st.Post(t, "/auth/login-with-role", "", map[string]any{"email": c.Email, "password": c.Password, "role": "customer"}).
		ExpectStatus(t, http.StatusUnauthorized)
}

func TestAuthRateLimit(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t, stacktest.Options{AuthRatePerMinute: 3})
	for range 3 {
		st.Get(t, "/auth/user-role/someone@example.com", "").ExpectStatus(t, 404)
	}
	r := st.Get(t, "/auth/user-role/someone@example.com", "")
	r.ExpectError(t, http.StatusTooManyRequests, r.String("error"))
	if r.Header.Get("Retry-After") == "" || !strings.HasPrefix(r.String("error"), "Too many attempts") {
		t.Fatalf("429 without Retry-After or message: %v %s", r.Header, r.Raw)
	}
	st.Post(t, "/auth/login-with-role", "", map[string]any{"email": "a@b.co", "password": "x"}).ExpectStatus(t, http.StatusTooManyRequests)
	// Registration spends the same per-IP budget (issue 40: 30 from one address in 5.4 s).
	st.Post(t, "/auth/register", "", stacktest.Registration("customer", stacktest.UniqueEmail("free"))).ExpectStatus(t, http.StatusTooManyRequests)
}

func signWith(t *testing.T, key ed25519.PrivateKey, kid string, claims jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

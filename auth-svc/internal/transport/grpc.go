package transport

import (
	"context"
	"net/http"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// GRPCServer is the gRPC transport of the auth domain, AuthService and
// AuthInternal on one server: each method runs its endpoint between a
// decoder and an encoder.
type GRPCServer struct {
	authv1.UnimplementedAuthServiceServer
	authv1.UnimplementedAuthInternalServer
	register      kit.Handler[*authv1.RegisterRequest, *authv1.RegisterResponse]
	loginWithRole kit.Handler[*authv1.LoginWithRoleRequest, *authv1.LoginWithRoleResponse]
	getUserRole   kit.Handler[*authv1.GetUserRoleRequest, *authv1.GetUserRoleResponse]
	getProfile    kit.Handler[*authv1.GetProfileRequest, *authv1.ProfileResponse]
	updateProfile kit.Handler[*authv1.UpdateProfileRequest, *authv1.ProfileResponse]
	getContact    kit.Handler[*authv1.GetContactRequest, *authv1.Contact]
	refresh       kit.Handler[*authv1.RefreshRequest, *authv1.RefreshResponse]
	logout        kit.Handler[*authv1.LogoutRequest, *authv1.MessageResponse]
	logoutAll     kit.Handler[*authv1.LogoutAllRequest, *authv1.MessageResponse]
	deleteAccount kit.Handler[*authv1.DeleteAccountRequest, *authv1.MessageResponse]
	finishClosing kit.Handler[*authv1.FinishAccountClosingRequest, *authv1.FinishAccountClosingResponse]
	changePw      kit.Handler[*authv1.ChangePasswordRequest, *authv1.MessageResponse]
	verifyEmail   kit.Handler[*authv1.VerifyEmailRequest, *authv1.MessageResponse]
	resend        kit.Handler[*authv1.ResendVerificationRequest, *authv1.MessageResponse]
	forgotPw      kit.Handler[*authv1.ForgotPasswordRequest, *authv1.MessageResponse]
	resetPw       kit.Handler[*authv1.ResetPasswordRequest, *authv1.MessageResponse]
	unsubscribe   kit.Handler[*authv1.UnsubscribeRequest, *authv1.MessageResponse]
	jwks          kit.Handler[*authv1.GetJWKSRequest, *authv1.JWKS]
}

var (
	_ authv1.AuthServiceServer  = (*GRPCServer)(nil)
	_ authv1.AuthInternalServer = (*GRPCServer)(nil)
)

// NewGRPCServer serves set.
func NewGRPCServer(set Set) *GRPCServer {
	return &GRPCServer{
		register:      kit.NewHandler(set.Register, decodeRegister, encodeRegister),
		loginWithRole: kit.NewHandler(set.LoginWithRole, decodeLogin, encodeLogin),
		getUserRole:   kit.NewHandler(set.GetUserRole, decodeUserRole, encodeUserRole),
		getProfile:    kit.NewHandler(set.GetProfile, kit.NoRequest[*authv1.GetProfileRequest], encodeProfile),
		updateProfile: kit.NewHandler(set.UpdateProfile, decodeUpdateProfile, encodeProfile),
		getContact:    kit.NewHandler(set.GetContact, decodeGetContact, encodeContact),
		refresh:       kit.NewHandler(set.Refresh, decodeRefresh, encodeRefresh),
		logout:        kit.NewHandler(set.Logout, decodeLogout, encodeLogout),
		logoutAll:     kit.NewHandler(set.LogoutAll, kit.NoRequest[*authv1.LogoutAllRequest], encodeMessage),
		deleteAccount: kit.NewHandler(set.DeleteAccount, decodeDeleteAccount, encodeMessage),
		finishClosing: kit.NewHandler(set.FinishAccountClosing, decodeFinishClosing, encodeFinishClosing),
		changePw:      kit.NewHandler(set.ChangePassword, decodeChangePassword, encodeMessage),
		verifyEmail:   kit.NewHandler(set.VerifyEmail, decodeVerifyEmail, encodeMessage),
		resend:        kit.NewHandler(set.ResendVerification, kit.NoRequest[*authv1.ResendVerificationRequest], encodeMessage),
		forgotPw:      kit.NewHandler(set.ForgotPassword, decodeForgotPassword, encodeMessage),
		resetPw:       kit.NewHandler(set.ResetPassword, decodeResetPassword, encodeMessage),
		unsubscribe:   kit.NewHandler(set.Unsubscribe, decodeUnsubscribe, encodeMessage),
		jwks:          kit.NewHandler(set.GetJWKS, kit.NoRequest[*authv1.GetJWKSRequest], encodeJWKS),
	}
}

func (s *GRPCServer) Register(ctx context.Context, req *authv1.RegisterRequest) (*authv1.RegisterResponse, error) {
	return s.register.Serve(ctx, req)
}

func (s *GRPCServer) LoginWithRole(ctx context.Context, req *authv1.LoginWithRoleRequest) (*authv1.LoginWithRoleResponse, error) {
	return s.loginWithRole.Serve(ctx, req)
}

func (s *GRPCServer) GetUserRole(ctx context.Context, req *authv1.GetUserRoleRequest) (*authv1.GetUserRoleResponse, error) {
	return s.getUserRole.Serve(ctx, req)
}

func (s *GRPCServer) GetProfile(ctx context.Context, req *authv1.GetProfileRequest) (*authv1.ProfileResponse, error) {
	return s.getProfile.Serve(ctx, req)
}

func (s *GRPCServer) UpdateProfile(ctx context.Context, req *authv1.UpdateProfileRequest) (*authv1.ProfileResponse, error) {
	return s.updateProfile.Serve(ctx, req)
}

func (s *GRPCServer) GetContact(ctx context.Context, req *authv1.GetContactRequest) (*authv1.Contact, error) {
	return s.getContact.Serve(ctx, req)
}

func (s *GRPCServer) Refresh(ctx context.Context, req *authv1.RefreshRequest) (*authv1.RefreshResponse, error) {
	return s.refresh.Serve(ctx, req)
}

func (s *GRPCServer) Logout(ctx context.Context, req *authv1.LogoutRequest) (*authv1.MessageResponse, error) {
	return s.logout.Serve(ctx, req)
}

func (s *GRPCServer) LogoutAll(ctx context.Context, req *authv1.LogoutAllRequest) (*authv1.MessageResponse, error) {
	return s.logoutAll.Serve(ctx, req)
}

func (s *GRPCServer) ChangePassword(ctx context.Context, req *authv1.ChangePasswordRequest) (*authv1.MessageResponse, error) {
	return s.changePw.Serve(ctx, req)
}

func (s *GRPCServer) VerifyEmail(ctx context.Context, req *authv1.VerifyEmailRequest) (*authv1.MessageResponse, error) {
	return s.verifyEmail.Serve(ctx, req)
}

func (s *GRPCServer) ResendVerification(ctx context.Context, req *authv1.ResendVerificationRequest) (*authv1.MessageResponse, error) {
	return s.resend.Serve(ctx, req)
}

func (s *GRPCServer) ForgotPassword(ctx context.Context, req *authv1.ForgotPasswordRequest) (*authv1.MessageResponse, error) {
	return s.forgotPw.Serve(ctx, req)
}

func (s *GRPCServer) ResetPassword(ctx context.Context, req *authv1.ResetPasswordRequest) (*authv1.MessageResponse, error) {
	return s.resetPw.Serve(ctx, req)
}

func decodeVerifyEmail(_ context.Context, req *authv1.VerifyEmailRequest) string {
	return req.GetToken()
}

func decodeForgotPassword(_ context.Context, req *authv1.ForgotPasswordRequest) string {
	return req.GetEmail()
}

func decodeResetPassword(_ context.Context, req *authv1.ResetPasswordRequest) auth.PasswordReset {
	return auth.PasswordReset{Token: req.GetToken(), NewPassword: req.GetNewPassword(), ConfirmPassword: req.ConfirmPassword}
}

func (s *GRPCServer) GetJWKS(ctx context.Context, req *authv1.GetJWKSRequest) (*authv1.JWKS, error) {
	return s.jwks.Serve(ctx, req)
}

// encodeJWKS answers the keys as the signer made them.
func encodeJWKS(_ context.Context, keys *authv1.JWKS) *authv1.JWKS { return keys }

func decodeRegister(_ context.Context, req *authv1.RegisterRequest) auth.Registration {
	return auth.Registration{
		Email: req.GetEmail(), Password: req.GetPassword(), ConfirmPassword: req.ConfirmPassword,
		FullName: req.GetFullName(), PhoneNumber: req.GetPhoneNumber(), Address: req.GetAddress(),
		Gender: req.GetGender(), Role: req.GetRole(), DateOfBirth: req.GetDateOfBirth(),
		Business: businessInput(req.GetBusinessInfo()),
	}
}

// encodeRegister answers 201 with the new account.
func encodeRegister(ctx context.Context, u auth.User) *authv1.RegisterResponse {
	grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	return &authv1.RegisterResponse{Success: true, Message: "Registration successful! Please log in.", User: userProto(u)}
}

func decodeLogin(_ context.Context, req *authv1.LoginWithRoleRequest) auth.Login {
	return auth.Login{Email: req.GetEmail(), Password: req.GetPassword(), Role: req.GetRole()}
}

func encodeLogin(_ context.Context, s auth.Session) *authv1.LoginWithRoleResponse {
	return &authv1.LoginWithRoleResponse{Success: true, Token: s.Access, Message: "Login successful", User: userProto(s.User),
		RefreshToken: s.Refresh, ExpiresIn: seconds(s.AccessTTL)}
}

func seconds(d time.Duration) int32 { return int32(d / time.Second) }

func decodeRefresh(_ context.Context, req *authv1.RefreshRequest) string {
	return req.GetRefreshToken()
}

func encodeRefresh(_ context.Context, s auth.Session) *authv1.RefreshResponse {
	return &authv1.RefreshResponse{Success: true, Token: s.Access, RefreshToken: s.Refresh, ExpiresIn: seconds(s.AccessTTL),
		User: userProto(s.User)}
}

func decodeLogout(_ context.Context, req *authv1.LogoutRequest) string { return req.GetRefreshToken() }

func encodeLogout(context.Context, struct{}) *authv1.MessageResponse {
	return &authv1.MessageResponse{Success: true, Message: "Signed out."}
}

func (s *GRPCServer) DeleteAccount(ctx context.Context, req *authv1.DeleteAccountRequest) (*authv1.MessageResponse, error) {
	return s.deleteAccount.Serve(ctx, req)
}

func decodeDeleteAccount(_ context.Context, req *authv1.DeleteAccountRequest) string {
	return req.GetPassword()
}

func (s *GRPCServer) FinishAccountClosing(ctx context.Context, req *authv1.FinishAccountClosingRequest) (*authv1.FinishAccountClosingResponse, error) {
	return s.finishClosing.Serve(ctx, req)
}

func decodeFinishClosing(_ context.Context, req *authv1.FinishAccountClosingRequest) string {
	return req.GetUserId()
}

func encodeFinishClosing(context.Context, struct{}) *authv1.FinishAccountClosingResponse {
	return &authv1.FinishAccountClosingResponse{}
}

func decodeChangePassword(_ context.Context, req *authv1.ChangePasswordRequest) auth.PasswordChange {
	return auth.PasswordChange{CurrentPassword: req.GetCurrentPassword(), NewPassword: req.GetNewPassword(),
		ConfirmPassword: req.ConfirmPassword}
}

func encodeMessage(_ context.Context, msg string) *authv1.MessageResponse {
	return &authv1.MessageResponse{Success: true, Message: msg}
}

func decodeUserRole(_ context.Context, req *authv1.GetUserRoleRequest) string { return req.GetEmail() }

func encodeUserRole(_ context.Context, role string) *authv1.GetUserRoleResponse {
	return &authv1.GetUserRoleResponse{Success: true, Role: role}
}

func decodeUpdateProfile(_ context.Context, req *authv1.UpdateProfileRequest) auth.ProfileUpdate {
	return auth.ProfileUpdate{
		FullName: req.FullName, Email: req.Email, PhoneNumber: req.PhoneNumber, Address: req.Address,
		DateOfBirth: req.DateOfBirth, Gender: req.Gender, Business: businessInput(req.GetBusinessInfo()),
		CurrentPassword: req.CurrentPassword, EmailNotifications: req.EmailNotifications,
	}
}

func encodeProfile(_ context.Context, u auth.User) *authv1.ProfileResponse {
	r := &authv1.ProfileResponse{Success: true, User: userProto(u)}
	if u.PendingEmail != "" {
		r.Message = "To change your email to " + u.PendingEmail + ", open the link we sent there. Until then your email stays " + u.Email + "."
	}
	return r
}

func decodeGetContact(_ context.Context, req *authv1.GetContactRequest) string {
	return req.GetUserId()
}

func encodeContact(_ context.Context, c auth.Contact) *authv1.Contact {
	return &authv1.Contact{Email: c.Email, FullName: c.FullName, EmailNotifications: c.EmailNotifications, UnsubscribeToken: c.UnsubscribeToken,
		EmailVerified: c.EmailVerified}
}

func decodeUnsubscribe(_ context.Context, req *authv1.UnsubscribeRequest) string {
	return req.GetToken()
}

// Unsubscribe is public: the link is opened from a mail, without signing in.
func (s *GRPCServer) Unsubscribe(ctx context.Context, req *authv1.UnsubscribeRequest) (*authv1.MessageResponse, error) {
	return s.unsubscribe.Serve(ctx, req)
}

func businessInput(b *authv1.BusinessInfo) *auth.BusinessInput {
	if b == nil {
		return nil
	}
	return &auth.BusinessInput{
		BusinessName: b.GetBusinessName(), BusinessDescription: b.GetBusinessDescription(),
		BusinessCategory: b.GetBusinessCategory(), BusinessHours: b.GetBusinessHours(),
		Location: b.GetLocation(), Specializations: b.GetSpecializations(), Experience: b.Experience,
	}
}

func userProto(u auth.User) *authv1.User {
	p := &authv1.User{
		Id: u.ID, FullName: u.FullName, Email: u.Email, PhoneNumber: u.PhoneNumber, Address: u.Address,
		Gender: u.Gender, Role: u.Role, CreatedAt: timestamppb.New(u.CreatedAt), UpdatedAt: timestamppb.New(u.UpdatedAt),
		EmailNotifications: u.EmailNotifications, EmailVerified: u.EmailVerified, PendingEmail: u.PendingEmail, Operator: u.Operator,
	}
	if u.DateOfBirth != nil {
		p.DateOfBirth = u.DateOfBirth.Format("2006-01-02")
	}
	if i := u.Provider; i != nil {
		p.ProviderInfo = &authv1.ProviderInfo{
			BusinessName: i.BusinessName, BusinessDescription: i.BusinessDescription, BusinessCategory: i.BusinessCategory,
			BusinessHours: i.BusinessHours, Location: i.Location, Specializations: i.Specializations, Experience: i.Experience,
		}
	}
	return p
}

package transport

import (
	"context"
	"github.com/slotwise/slotwise/auth-svc/internal/auth"
	"net/http"

	kitgrpc "github.com/go-kit/kit/transport/grpc"
	"google.golang.org/protobuf/types/known/timestamppb"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
)

// GRPCServer is the gRPC transport of the auth domain.
type GRPCServer struct {
	authv1.UnimplementedAuthServiceServer
	register, login, userRole, profile, updateProfile, userExists kitgrpc.Handler
	jwks                                                          func() *authv1.JWKS
}

// NewGRPCServer decodes protobuf requests into domain inputs and back.
func NewGRPCServer(e Endpoints, jwks func() *authv1.JWKS) *GRPCServer {
	h := func(ep func(context.Context, any) (any, error), dec kitgrpc.DecodeRequestFunc, enc kitgrpc.EncodeResponseFunc) kitgrpc.Handler {
		return kitgrpc.NewServer(ep, dec, enc)
	}
	return &GRPCServer{
		register:      h(e.Register, decodeRegister, encodeRegister),
		login:         h(e.Login, decodeLogin, encodeLogin),
		userRole:      h(e.UserRole, decodeUserRole, encodeUserRole),
		profile:       h(e.Profile, grpcx.Passthrough, encodeProfile),
		updateProfile: h(e.UpdateProfile, decodeUpdateProfile, encodeProfile),
		userExists:    h(e.UserExists, func(_ context.Context, r any) (any, error) { return r.(*authv1.UserExistsRequest).GetUserId(), nil }, func(_ context.Context, r any) (any, error) { return &authv1.UserExistsResponse{Exists: r.(bool)}, nil }),
		jwks:          jwks,
	}
}

func (s *GRPCServer) Register(ctx context.Context, req *authv1.RegisterRequest) (*authv1.RegisterResponse, error) {
	resp, err := grpcx.Serve[*authv1.RegisterResponse](ctx, s.register, req)
	if err == nil {
		grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	}
	return resp, err
}

func (s *GRPCServer) LoginWithRole(ctx context.Context, req *authv1.LoginWithRoleRequest) (*authv1.LoginWithRoleResponse, error) {
	return grpcx.Serve[*authv1.LoginWithRoleResponse](ctx, s.login, req)
}

func (s *GRPCServer) GetUserRole(ctx context.Context, req *authv1.GetUserRoleRequest) (*authv1.GetUserRoleResponse, error) {
	return grpcx.Serve[*authv1.GetUserRoleResponse](ctx, s.userRole, req)
}

func (s *GRPCServer) GetProfile(ctx context.Context, req *authv1.GetProfileRequest) (*authv1.ProfileResponse, error) {
	return grpcx.Serve[*authv1.ProfileResponse](ctx, s.profile, req)
}

func (s *GRPCServer) UpdateProfile(ctx context.Context, req *authv1.UpdateProfileRequest) (*authv1.ProfileResponse, error) {
	return grpcx.Serve[*authv1.ProfileResponse](ctx, s.updateProfile, req)
}

func (s *GRPCServer) UserExists(ctx context.Context, req *authv1.UserExistsRequest) (*authv1.UserExistsResponse, error) {
	return grpcx.Serve[*authv1.UserExistsResponse](ctx, s.userExists, req)
}

func (s *GRPCServer) GetJWKS(context.Context, *authv1.GetJWKSRequest) (*authv1.JWKS, error) {
	return s.jwks(), nil
}

func decodeRegister(_ context.Context, r any) (any, error) {
	req := r.(*authv1.RegisterRequest)
	return auth.Registration{
		Email: req.GetEmail(), Password: req.GetPassword(), ConfirmPassword: req.ConfirmPassword,
		FullName: req.GetFullName(), PhoneNumber: req.GetPhoneNumber(), Address: req.GetAddress(),
		Gender: req.GetGender(), Role: req.GetRole(), DateOfBirth: req.GetDateOfBirth(),
		Business: businessInput(req.GetBusinessInfo()),
	}, nil
}

func encodeRegister(_ context.Context, r any) (any, error) {
	return &authv1.RegisterResponse{Success: true, Message: "Registration successful! Please log in.", User: userProto(r.(auth.User))}, nil
}

func decodeLogin(_ context.Context, r any) (any, error) {
	req := r.(*authv1.LoginWithRoleRequest)
	return auth.Login{Email: req.GetEmail(), Password: req.GetPassword(), Role: req.GetRole()}, nil
}

func encodeLogin(_ context.Context, r any) (any, error) {
	s := r.(auth.Session)
	return &authv1.LoginWithRoleResponse{Success: true, Token: s.Token, Message: "Login successful", User: userProto(s.User)}, nil
}

func decodeUserRole(_ context.Context, r any) (any, error) {
	return r.(*authv1.GetUserRoleRequest).GetEmail(), nil
}

func encodeUserRole(_ context.Context, r any) (any, error) {
	return &authv1.GetUserRoleResponse{Success: true, Role: r.(string)}, nil
}

func decodeUpdateProfile(_ context.Context, r any) (any, error) {
	req := r.(*authv1.UpdateProfileRequest)
	return UpdateProfileRequest{Update: auth.ProfileUpdate{
		FullName: req.FullName, Email: req.Email, PhoneNumber: req.PhoneNumber, Address: req.Address,
		DateOfBirth: req.DateOfBirth, Gender: req.Gender, Business: businessInput(req.GetBusinessInfo()),
		CurrentPassword: req.CurrentPassword,
	}}, nil
}

func encodeProfile(_ context.Context, r any) (any, error) {
	return &authv1.ProfileResponse{Success: true, User: userProto(r.(auth.User))}, nil
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

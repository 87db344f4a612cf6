import { createFileRoute } from '@tanstack/react-router';
import { NewMemberPage } from '@/features/member/member-detail';

/** 'Lid toevoegen': saving opens the new member. */
export const Route = createFileRoute('/_app/members/new')({
  component: NewMember,
});

function NewMember() {
  const navigate = Route.useNavigate();
  return (
    <NewMemberPage
      scope="gym"
      onCreated={(member) =>
        void navigate({ to: '/members/$memberId', params: { memberId: String(member.id) } })
      }
      onCancel={() => void navigate({ to: '/members' })}
    />
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { LocationAreaEditPanel } from '@/features/location-area/location-area-detail';

/** 'Zaal of buitenlocatie bewerken' over the list: a deep link to one room. */
export const Route = createFileRoute('/_app/location/areas/$locationAreaId')({
  component: EditLocationArea,
});

function EditLocationArea() {
  const { locationAreaId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <LocationAreaEditPanel
      key={locationAreaId}
      id={Number(locationAreaId)}
      onClose={() => void navigate({ to: '/location/areas', search: (previous) => previous })}
    />
  );
}

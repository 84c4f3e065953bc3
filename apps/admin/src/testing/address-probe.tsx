import { useLocation, useNavigate } from 'react-router';

/** The router's address as text, and a Back button, for tests of screens that keep state in the URL. */
export function AddressProbe() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Address">{`${pathname}${search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

import styled from 'styled-components';
import { FormStack } from '../../ui/form-parts';

export const Form = styled(FormStack)`
  max-width: 420px;
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 24px;
`;


import styled from 'styled-components';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 18px;
  max-width: 420px;
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 24px;
`;

export const Actions = styled.div`
  display: flex;
  gap: 8px;
`;
